/** Password length limits, apart from the rules so that schemas can use them without loading the common-password list. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
