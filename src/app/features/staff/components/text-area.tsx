import { InputBase, type InputBaseProps } from '@mantine/core';
import type { ChangeEvent } from 'react';

/**
 * A labelled multi-line field (Mantine's InputBase as a `<textarea>`). Not Mantine's Textarea: the contact form's
 * chunk has that one, and sharing it would split it into a chunk of its own listed in the preloads of `/`.
 */
export function TextArea({
  rows = 3,
  maxLength,
  value,
  onChange,
  ...props
}: InputBaseProps & { rows?: number; maxLength?: number; value: string; onChange: (event: ChangeEvent<HTMLTextAreaElement>) => void; 'data-autofocus'?: boolean }) {
  return <InputBase component="textarea" rows={rows} maxLength={maxLength} value={value} onChange={onChange} {...props} />;
}
