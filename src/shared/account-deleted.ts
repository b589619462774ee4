/**
 * The header of a 401 whose session belonged to a deleted account (issue 30): the client then wipes what it keeps
 * of that user. No zod here: the API client, in the start-up bundle, reads it.
 */
export const ACCOUNT_DELETED_HEADER = 'DoseHub-Account';
export const ACCOUNT_DELETED_VALUE = 'deleted';
