/** The back-office's screens, in the navigation's order; `/staff/{section}`. */
export const STAFF_SECTIONS = ['analyses', 'orders', 'users', 'quotes', 'subscriptions', 'audit'] as const;
export type StaffSection = (typeof STAFF_SECTIONS)[number];

export const isStaffSection = (section: string): section is StaffSection => (STAFF_SECTIONS as readonly string[]).includes(section);
