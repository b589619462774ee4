import { Alert, List } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { messageText, type FormMessage } from '#app/lib/form-errors.ts';

/** The messages of a failed call that belong to no field, in an alert announced when it appears. */
export function FormAlert({ title, messages }: { title: string; messages: FormMessage[] }) {
  const { t } = useTranslation();
  if (messages.length === 0) return null;
  const texts = messages.map((message) => messageText(message, t));
  return (
    <Alert color="red" variant="light" title={title} icon={<IconAlertCircle aria-hidden="true" />}>
      {texts.length === 1 ? (
        texts[0]
      ) : (
        <List size="sm">
          {texts.map((text, index) => (
            <List.Item key={`${index}:${text}`}>{text}</List.Item>
          ))}
        </List>
      )}
    </Alert>
  );
}
