import { Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** One term and its value in a record's description list (`<dl>`): the label small and dimmed, the value below. */
export function DetailField({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text component="dt" size="xs" c="dimmed">
        {label}
      </Text>
      <Text component="dd" m={0} fw={500}>
        {children}
      </Text>
    </div>
  );
}
