import { InputBase, type InputBaseProps } from '@mantine/core';
import type { ChangeEvent } from 'react';

/**
 * A labelled multi-line field (Mantine's InputBase as a `<textarea>`). Not Mantine's Textarea: the contact form's
 * chunk has that one, and sharing it would split it into a chunk of its own listed in the preloads of `/`.
 * `multiline`: without it Mantine gives the field one input's height whatever its `rows`. It grows with what is typed
 * (CSS `field-sizing`, the autosize of Mantine's Textarea without its script), from `rows` lines up to half the screen.
 */
const autosize = (rows: number) => ({ fieldSizing: 'content', minHeight: `calc(${rows}lh + 2 * var(--input-padding-y, 0.5rem))`, maxHeight: '50vh' }) as const;

export function TextArea({
  rows = 3,
  maxLength,
  value,
  onChange,
  ...props
}: InputBaseProps & { rows?: number; maxLength?: number; value: string; onChange: (event: ChangeEvent<HTMLTextAreaElement>) => void; 'data-autofocus'?: boolean }) {
  return <InputBase component="textarea" multiline rows={rows} maxLength={maxLength} value={value} onChange={onChange} styles={{ input: autosize(rows) }} {...props} />;
}
