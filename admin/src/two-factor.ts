// A TOTP code is 6 digits; a backup code two groups of five letters or digits (docs/accounts.md).
export const TOTP_CODE = /^\d{6}$/;
export const BACKUP_CODE = /^[A-Za-z0-9]{5}-?[A-Za-z0-9]{5}$/;

/** What a refused second factor means to the person typing it; some answers end the challenge. */
export function secondFactorRefusal(status: number, code: string | undefined): { message: string; restart: boolean } {
  if (code === "TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE")
    return { message: "Too many wrong codes: sign in with your password again", restart: true };
  if (code === "CODE_ALREADY_USED")
    return { message: "That code was used already: wait for the next one", restart: false };
  if (code === "INVALID_CODE_FORMAT" || code === "INVALID_CODE" || code === "INVALID_BACKUP_CODE")
    return { message: "Wrong code", restart: false };
  if (status === 401 || status === 403)
    return { message: "The sign-in expired: sign in with your password again", restart: true };
  return { message: `Sign-in refused (${status})`, restart: false };
}
