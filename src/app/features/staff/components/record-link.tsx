import type { ReactNode } from 'react';
import { Anchor, Group, type AnchorProps } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { DeletedAccountBadge } from './status-badge.tsx';

/** A link to one back-office record (`/staff/users/{id}`, `/staff/analyses/{id}`), typed by the router. */
export function RecordLink({ section, id, children, ...props }: AnchorProps & { section: 'users' | 'analyses'; id: string; children: ReactNode }) {
  return (
    <Anchor {...props} renderRoot={(root) => <Link to="/staff/$" params={{ _splat: `${section}/${id}` }} {...root} />}>
      {children}
    </Anchor>
  );
}

/** A record's user, by name (or e-mail when the name is empty), linking to their back-office page; a deleted account says so. */
export function UserLink({ record }: { record: { userId: string; userName: string; userEmail: string; userDeleted?: boolean } }) {
  return (
    <Group gap={6} wrap="wrap">
      <RecordLink section="users" id={record.userId}>
        {record.userName || record.userEmail}
      </RecordLink>
      {record.userDeleted && <DeletedAccountBadge />}
    </Group>
  );
}
