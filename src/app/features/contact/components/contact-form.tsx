import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Group, InputBase, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CONTACT_LIMITS } from '#shared/contact-fields.ts';
import type { ContactBody } from '#shared/schemas/contact.ts';
import { messageText, type FormMessage } from '#app/lib/form-errors.ts';
import { useConnectivity } from '#app/lib/sync/connectivity.ts';
import { useFormState } from '#app/lib/use-form-state.ts';
import { sendContactMessage } from '../api/contact-api.ts';
import { SERVER_FIELDS, checkContact, clearDraft, emptyContact, readDraft, saveDraft, type ContactField, type ContactValues } from '../contact-values.ts';

/** One Idempotency-Key per content: the same message sent again reuses it, an edited one gets a new one. */
function useContentKey() {
  const last = useRef<{ content: string; key: string } | null>(null);
  return (body: ContactBody) => {
    const content = JSON.stringify(body);
    if (last.current?.content !== content) last.current = { content, key: crypto.randomUUID() };
    return last.current.key;
  };
}

/**
 * The contact form of /contact (docs/v1-contract.md §1.20): anonymous, sent straight to the server, which
 * stores it and mails the company. Nothing typed is lost: errors keep the values (and put the server's
 * messages beside their fields), the draft survives a reload, and offline the form says it cannot send
 * instead of pretending to.
 */
export function ContactForm() {
  const { t } = useTranslation(['contact', 'validation', 'common']);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [general, setGeneral] = useState<FormMessage[]>([]);
  const { online } = useConnectivity();
  const keyFor = useContentKey();
  const form = useFormState<ContactValues>({ initialValues: emptyContact(), validate: checkContact });
  const { values, reseed } = form;

  // The draft of this tab, once mounted (the page is pre-rendered without it); then kept as typed.
  useEffect(() => {
    const draft = readDraft();
    if (draft) reseed(draft);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on mount
  }, []);
  useEffect(() => saveDraft(values), [values]);

  const mutation = useMutation({
    mutationFn: (body: ContactBody) => sendContactMessage(body, keyFor(body)),
    onSuccess: (_answer, body) => {
      clearDraft();
      form.setValues(emptyContact());
      setSentTo(body.email);
    },
    onError: (error) => form.showApiError(error, SERVER_FIELDS, setGeneral),
  });

  const submit = form.onSubmit((typed) => {
    setGeneral([]);
    if (!online) {
      setGeneral([{ key: 'contact:offline.notSent' }]);
      return;
    }
    if (!mutation.isPending) mutation.mutate(typed);
  });

  if (sentTo !== null) return <SentMessage email={sentTo} onAnother={() => setSentTo(null)} />;

  const field = (name: ContactField, extra: { autoComplete: string; type?: string; description?: string }) => ({
    ...form.textField(name),
    label: t(`fields.${name}`),
    required: true,
    // A hint under its input, so the inputs of a row stay aligned.
    inputWrapperOrder: ['label', 'input', 'description', 'error'] as ('label' | 'input' | 'description' | 'error')[],
    ...extra,
  });
  return (
    <form onSubmit={submit} noValidate aria-busy={mutation.isPending} aria-label={t('form.label')}>
      <Stack gap="md">
        {!online && (
          <Alert color="yellow" variant="light" role="status" icon={<IconAlertCircle aria-hidden="true" />} title={t('offline.title')}>
            {t('offline.body')}
          </Alert>
        )}
        {general.length > 0 && (
          <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle aria-hidden="true" />} title={t('form.failed')}>
            {general.map((message) => messageText(message, t)).join(' ')}
          </Alert>
        )}
        <TextInput {...field('fullName', { autoComplete: 'name' })} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput {...field('email', { autoComplete: 'email', type: 'email' })} />
          <TextInput {...field('phone', { autoComplete: 'tel', type: 'tel', description: t('form.phoneHint') })} />
          <TextInput {...field('role', { autoComplete: 'organization-title' })} />
          <TextInput {...field('clinic', { autoComplete: 'organization' })} />
        </SimpleGrid>
        <TextInput {...field('subject', { autoComplete: 'off' })} />
        {/* Mantine's Textarea is this InputBase; used directly, the quote form keeps Textarea in its own chunk. */}
        <InputBase component="textarea" multiline {...field('message', { autoComplete: 'off', description: t('form.messageHint', { max: CONTACT_LIMITS.message }) })} rows={6} />
        <Group justify="flex-end">
          <Button type="submit" loading={mutation.isPending}>
            {t('form.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function SentMessage({ email, onAnother }: { email: string; onAnother: () => void }) {
  const { t } = useTranslation('contact');
  const heading = useRef<HTMLDivElement>(null);
  // Keyboard and screen-reader users land on the outcome, not on a form that is gone.
  useEffect(() => heading.current?.focus(), []);
  return (
    <Stack gap="md">
      <Alert ref={heading} tabIndex={-1} color="teal" variant="light" role="status" icon={<IconCircleCheck aria-hidden="true" />} title={t('sent.title')}>
        <Text size="sm">{t('sent.body', { email })}</Text>
      </Alert>
      <Group>
        <Button variant="default" onClick={onAnother}>
          {t('sent.another')}
        </Button>
      </Group>
    </Stack>
  );
}
