import { useState, type Ref } from 'react';
import { TextInput, type TextInputProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { dateTimeText, dayText, parseDateTimeText, parseDayText } from '#app/lib/date-text.ts';
import { useLanguage } from '#app/lib/use-language.ts';

/**
 * Issue 29: a day or a date-time typed in the interface language's order (dd/mm/aaaa in pt-BR and es, mm/dd/yyyy
 * in en-US), not the browser's as a native date input shows it. The value stays the ISO text the native input gave
 * (`2024-05-11`, `2024-05-11T09:30`); text that is not a date keeps what was typed, says so once the field is left,
 * and gives the form '' meanwhile.
 */
type DateFieldProps = Omit<TextInputProps, 'value' | 'onChange' | 'type'> & {
  value: string;
  onChange: (value: string) => void;
  ref?: Ref<HTMLInputElement>;
};

const KINDS = {
  day: { parse: parseDayText, text: dayText, pattern: 'validation:datePattern', invalid: 'validation:dateTyped' },
  dateTime: { parse: parseDateTimeText, text: dateTimeText, pattern: 'validation:dateTimePattern', invalid: 'validation:dateTimeTyped' },
} as const;

function TypedDateField({ kind, value, onChange, error, onBlur, ...props }: DateFieldProps & { kind: keyof typeof KINDS }) {
  const { t } = useTranslation('validation');
  const language = useLanguage();
  const { parse, text, pattern, invalid } = KINDS[kind];
  const [typed, setTyped] = useState(() => text(value, language));
  const [left, setLeft] = useState(false);
  const [seen, setSeen] = useState({ value, language });
  const parsed = parse(typed, language);
  // A value set from outside (a reset, a loaded draft) or another language shows as that value's text; the '' this
  // field itself gives for text that is not a date yet keeps what was typed.
  if (seen.value !== value || seen.language !== language) {
    setSeen({ value, language });
    if (seen.language !== language || value !== (parsed ?? '')) setTyped(text(value, language));
  }
  const wrong = parsed === null && left;
  return (
    <TextInput
      {...props}
      inputMode={kind === 'day' ? 'numeric' : undefined}
      autoComplete="off"
      placeholder={t(pattern)}
      value={typed}
      onChange={(event) => {
        const next = event.currentTarget.value;
        setTyped(next);
        setLeft(false);
        onChange(parse(next, language) ?? '');
      }}
      onBlur={(event) => {
        setLeft(true);
        const next = parse(typed, language);
        if (next) setTyped(text(next, language));
        onBlur?.(event);
      }}
      error={wrong ? t(invalid, { pattern: t(pattern) }) : error}
    />
  );
}

/** A day (`YYYY-MM-DD`) typed as dd/mm/aaaa or mm/dd/yyyy, by the interface language. */
export const DateField = (props: DateFieldProps) => <TypedDateField kind="day" {...props} />;

/** A local date-time (`YYYY-MM-DDTHH:mm[:ss]`) typed as dd/mm/aaaa hh:mm or mm/dd/yyyy hh:mm AM, by the interface language. */
export const DateTimeField = (props: DateFieldProps) => <TypedDateField kind="dateTime" {...props} />;
