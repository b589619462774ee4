import type { ComponentType } from 'react';
import {
  IconBell,
  IconClipboardList,
  IconFileDollar,
  IconFileCertificate,
  IconLock,
  IconRuler,
  IconShieldLock,
  IconUser,
  type IconProps,
} from '@tabler/icons-react';

/** docs/product.md §2's dashboard sections, in order, each with its route; `match` is what marks the item current. */
export const DASHBOARD_SECTIONS: readonly DashboardSection[] = [
  { id: 'profile', labelKey: 'dashboard.sections.profile', icon: IconUser, to: '/dashboard/profile', match: /^\/dashboard\/profile\/?$/ },
  // The orders, and each order's analyses and analysis forms (/dashboard/my-services/{orderId}/…).
  {
    id: 'myServices',
    labelKey: 'dashboard.sections.myServices',
    icon: IconClipboardList,
    to: '/dashboard/my-services',
    match: /^\/dashboard\/my-services(\/.*)?$/,
  },
  // The quote requests, waiting to be sent, waiting for staff, answered or ordered (issue 29).
  { id: 'myQuotes', labelKey: 'dashboard.sections.myQuotes', icon: IconFileDollar, to: '/dashboard/my-quotes', match: /^\/dashboard\/my-quotes\/?$/ },
  // The list and its add/edit forms (/dashboard/my-calibrations/add, /{id}/edit).
  {
    id: 'myCalibrations',
    labelKey: 'dashboard.sections.myCalibrations',
    icon: IconRuler,
    to: '/dashboard/my-calibrations',
    match: /^\/dashboard\/my-calibrations(\/.*)?$/,
  },
  // The cards, and the benefits they open (/dashboard/my-signatures/benefits/calculator and its manual).
  {
    id: 'mySignatures',
    labelKey: 'dashboard.sections.mySignatures',
    icon: IconFileCertificate,
    to: '/dashboard/my-signatures',
    match: /^\/dashboard\/my-signatures(\/.*)?$/,
  },
  // The e-mail, password and phone editors (/dashboard/profile/{data}/edit) open from Security and return there; the
  // second factor's enrolment screen (/dashboard/second-factor) is part of it too.
  {
    id: 'security',
    labelKey: 'dashboard.sections.security',
    icon: IconShieldLock,
    to: '/dashboard/security',
    match: /^\/dashboard\/(security\/?|second-factor\/?|profile\/[^/]+\/edit\/?)$/,
  },
  // Issue 30: what we hold and why, the consents, export and account deletion.
  { id: 'privacy', labelKey: 'dashboard.sections.privacy', icon: IconLock, to: '/dashboard/privacy', match: /^\/dashboard\/privacy(\/delete-account)?\/?$/ },
  { id: 'notifications', labelKey: 'dashboard.sections.notifications', icon: IconBell, to: '/dashboard/notifications', match: /^\/dashboard\/notifications\/?$/ },
];

export interface DashboardSection {
  id: string;
  labelKey: `dashboard.sections.${string}`;
  icon: ComponentType<IconProps>;
  to: '/dashboard/profile' | '/dashboard/my-services' | '/dashboard/my-quotes' | '/dashboard/my-calibrations' | '/dashboard/my-signatures' | '/dashboard/security' | '/dashboard/privacy' | '/dashboard/notifications';
  match: RegExp;
}
