import { notifications } from '@mantine/notifications';
import { messageText, type FormMessage } from '#app/lib/form-errors.ts';
import { i18n } from '#app/lib/i18n.ts';

/** docs/product.md §9: the banner hides after 4.5 s unless told not to. */
export const MESSAGE_TIMEOUT_MS = 4_500;

export type MessageType = 'success' | 'error' | 'warning' | 'info';

const COLORS: Record<MessageType, string> = { success: 'teal', error: 'red', warning: 'yellow', info: 'blue' };

export interface MessageOptions {
  type: MessageType;
  /** An already translated text. */
  message: string;
  /** false keeps the banner until the user closes it. */
  timeout?: boolean;
}

export function showMessage({ type, message, timeout = true }: MessageOptions) {
  return notifications.show({
    message,
    color: COLORS[type],
    autoClose: timeout ? MESSAGE_TIMEOUT_MS : false,
    withBorder: true,
    closeButtonProps: { 'aria-label': i18n.t('common:actions.closeMessage') },
    'data-message-type': type,
  } as Parameters<typeof notifications.show>[0]);
}

/** The messages of a failed call that belong to no field: an error banner each, in the interface language. */
export function showErrorMessages(messages: FormMessage[]) {
  for (const message of messages) showMessage({ type: 'error', message: messageText(message, (key) => i18n.t(key)) });
}
