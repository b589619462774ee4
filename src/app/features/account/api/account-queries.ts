import { queryOptions } from '@tanstack/react-query';
import { EmailStatus, PhoneStatus, Profile } from '#shared/schemas/users.ts';
import { apiRequest } from '#app/lib/api-client.ts';
import { PERSISTED } from '#app/lib/query-client.ts';

/** The signed-in user's own account data; every key carries the user id, so another sign-in never reads it. */
export const accountKeys = {
  all: ['account'] as const,
  user: (userId: string) => [...accountKeys.all, userId] as const,
  profile: (userId: string) => [...accountKeys.user(userId), 'profile'] as const,
  email: (userId: string) => [...accountKeys.user(userId), 'email'] as const,
  phone: (userId: string) => [...accountKeys.user(userId), 'phone'] as const,
};

/** `/users/{uid}/`: every account call is on the user's own id. */
export const userPath = (userId: string) => `/users/${encodeURIComponent(userId)}/`;

export const profileQuery = (userId: string) =>
  queryOptions({
    queryKey: accountKeys.profile(userId),
    ...PERSISTED,
    queryFn: ({ signal }) => apiRequest(userPath(userId), Profile, { signal }),
  });

/** Not persisted: confirmation happens elsewhere (a mailed link), so the banner must follow the server. */
export const emailQuery = (userId: string) =>
  queryOptions({
    queryKey: accountKeys.email(userId),
    queryFn: ({ signal }) => apiRequest(`${userPath(userId)}email/`, EmailStatus, { signal }),
  });

export const phoneQuery = (userId: string) =>
  queryOptions({
    queryKey: accountKeys.phone(userId),
    ...PERSISTED,
    queryFn: ({ signal }) => apiRequest(`${userPath(userId)}phone/`, PhoneStatus, { signal }),
  });
