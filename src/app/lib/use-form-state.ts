import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { messageText, ruleMessages, splitApiError, type FieldMessages, type FormMessage } from './form-errors.ts';

type Values = Record<string, string | boolean>;
type Field<V> = keyof V & string;

interface FormStateOptions<V extends Values> {
  /** The fields in the order they appear: the first invalid one gets the focus. */
  initialValues: V;
  /** The client checks: translation keys ("ns:key") of the rules each field breaks. None when left out. */
  validate?: (values: V) => Partial<Record<Field<V>, readonly string[]>>;
  /** Fields checked again when this one changes, if they show an error (a confirmation follows its original). */
  dependents?: Partial<Record<Field<V>, Field<V>[]>>;
}

const NO_RULES = () => ({});

/**
 * A small form state: values kept on every error, client checks on submit (then again on each change of
 * a field; before the first submit a change just clears the field's error), server messages beside their
 * fields, and the focus on the first invalid field so keyboard and screen-reader users land on it.
 */
export function useFormState<V extends Values>({ initialValues, validate = NO_RULES, dependents = {} }: FormStateOptions<V>) {
  const { t } = useTranslation();
  const [values, setValues] = useState(initialValues);
  const [errors, setErrors] = useState<FieldMessages<Field<V>>>({});
  const submitted = useRef(false);
  /** The user has changed a field: newer data from the server no longer replaces the values. */
  const edited = useRef(false);
  const elements = useRef(new Map<string, HTMLElement>());
  const order = Object.keys(initialValues) as Field<V>[];

  const text = (message: FormMessage) => messageText(message, t);
  const errorOf = (field: Field<V>) => errors[field]?.map(text).join(' ') || undefined;

  /** Shows these messages (replacing all others) and moves the focus to the first field that has one. */
  const showErrors = (found: FieldMessages<Field<V>>) => {
    // Render first, so the focused field already carries aria-invalid and its message.
    flushSync(() => setErrors(found));
    const first = order.find((field) => found[field]?.length);
    if (first) elements.current.get(first)?.focus();
  };

  /** Puts an API error's field messages beside their fields (`serverFields`: API name → field) and hands the others to `showGeneral`. */
  const showApiError = (error: unknown, serverFields: Readonly<Record<string, Field<V>>>, showGeneral: (messages: FormMessage[]) => void) => {
    const { fields, general } = splitApiError(error, serverFields);
    showGeneral(general);
    showErrors(fields);
  };

  const setValue = <K extends Field<V>>(field: K, value: V[K]) => {
    edited.current = true;
    const next = { ...values, [field]: value };
    setValues(next);
    setErrors((previous) => {
      const updated = { ...previous };
      if (!submitted.current) {
        delete updated[field];
        return updated;
      }
      const fresh = ruleMessages(validate(next));
      for (const name of [field, ...(dependents[field] ?? []).filter((other) => previous[other]?.length)]) {
        if (fresh[name]?.length) updated[name] = fresh[name];
        else delete updated[name];
      }
      return updated;
    });
  };

  const register = (field: Field<V>) => (element: HTMLElement | null) => {
    if (element) elements.current.set(field, element);
    else elements.current.delete(field);
  };

  /** Props for a TextInput or the shared PasswordInput. */
  const textField = (field: Field<V>) => ({
    name: field,
    value: values[field] as string,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => setValue(field, event.currentTarget.value as V[Field<V>]),
    error: errorOf(field),
    ref: register(field),
  });

  /** Props for a field that hands its value itself rather than an input event (a `DateField`). */
  const valueField = (field: Field<V>) => ({
    name: field,
    value: values[field] as string,
    onChange: (value: string) => setValue(field, value as V[Field<V>]),
    error: errorOf(field),
    ref: register(field),
  });

  /** Props for a Checkbox (Mantine's does not mark itself aria-invalid on error). */
  const checkboxField = (field: Field<V>) => {
    const error = errorOf(field);
    return {
      name: field,
      checked: values[field] as boolean,
      onChange: (event: ChangeEvent<HTMLInputElement>) => setValue(field, event.currentTarget.checked as V[Field<V>]),
      error,
      'aria-invalid': error ? true : undefined,
      ref: register(field),
    };
  };

  /** The form's onSubmit: runs the client checks, and calls `onValid` only when they pass. */
  const onSubmit = (onValid: (values: V) => void) => (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    submitted.current = true;
    const found = ruleMessages(validate(values));
    showErrors(found);
    if (Object.keys(found).length === 0) onValid(values);
  };

  /** Newer data for an untouched form (a restored cache refetched): shown instead of the first seed; ignored once the user typed. */
  const reseed = (fresh: V) => {
    if (!edited.current) setValues(fresh);
  };

  return { values, setValues, reseed, textField, valueField, checkboxField, onSubmit, showErrors, showApiError };
}
