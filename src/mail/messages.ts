/** What the service sends, and how long each message's link is good for. */
export const MAIL_KINDS = {
  "reset-password": { validForMs: 60 * 60 * 1000 },
  "verify-email": { validForMs: 24 * 60 * 60 * 1000 },
  "confirm-email-change": { validForMs: 24 * 60 * 60 * 1000 },
  // Notices carry no link; they are worth sending as long as the event is recent.
  "email-in-use": { validForMs: 24 * 60 * 60 * 1000 },
  "email-changed-by-admin": { validForMs: 24 * 60 * 60 * 1000 },
} as const;

export type MailKind = keyof typeof MAIL_KINDS;

/**
 * The values a message is written from: `name` empty when the greeting names nobody (see
 * Mailer.queue), `url` empty for a notice, which has no link; `newEmail` only for an email change.
 */
export interface MailValues {
  name: string;
  url: string;
  newEmail?: string;
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const HTML_ESCAPES: Readonly<Record<string, string>> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/** Every value from a user (a name, an address, a link) goes through this before it is put in HTML. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character]!);
}

interface Wording {
  subject: string;
  lead: (values: MailValues) => string;
  /** The link's words; a notice has none. */
  action?: string;
  after: string;
}

const WORDING: Record<MailKind, Wording> = {
  "reset-password": {
    subject: "Reset your password",
    lead: () => "Someone asked to reset the password of your account.",
    action: "Choose a new password",
    after:
      "The link works once, for one hour. If you did not ask for it, ignore this message: your password stays as it is.",
  },
  "verify-email": {
    subject: "Confirm your email address",
    lead: () => "Please confirm that this address belongs to you.",
    action: "Confirm this address",
    after: "The link works for 24 hours. If you did not create an account, ignore this message.",
  },
  "confirm-email-change": {
    subject: "Approve the change of your email address",
    lead: (values) => `Someone asked to change your account's email address to ${values.newEmail ?? ""}.`,
    action: "Approve the change",
    after:
      "The new address is then asked to confirm too. If you did not ask for this, ignore this message and change your password.",
  },
  "email-in-use": {
    subject: "Someone tried to use your email address",
    lead: () =>
      "Someone tried to move an account to this address, or to create one with it. It already belongs to your account, so nothing changed.",
    after: "You need not do anything. If you cannot sign in, reset your password.",
  },
  "email-changed-by-admin": {
    subject: "Your account's email address was changed",
    lead: (values) => `An administrator changed your account's email address to ${values.newEmail ?? ""}.`,
    after: "This address no longer signs in to the account. If you did not ask for this, contact the administrators.",
  },
};

/** A kind's fixed subject, which names no one; the kind itself for one this version does not know. */
export function subjectOf(kind: string): string {
  return Object.hasOwn(WORDING, kind) ? WORDING[kind as MailKind].subject : kind;
}

/** The plain-text and HTML parts of one message; subjects are fixed, so no header carries a user's value. */
export function renderMail(kind: MailKind, values: MailValues): RenderedMail {
  const wording = WORDING[kind];
  const greeting = values.name ? `Hello ${values.name},` : "Hello,";
  const lead = wording.lead(values);
  const action = wording.action && values.url ? { words: wording.action, url: values.url } : undefined;
  const text = [
    greeting,
    "",
    lead,
    "",
    ...(action ? [`${action.words}: ${action.url}`, ""] : []),
    wording.after,
    "",
  ].join("\n");
  const html = [
    "<!doctype html>",
    '<html><body style="font-family: sans-serif">',
    `<p>${escapeHtml(greeting)}</p>`,
    `<p>${escapeHtml(lead)}</p>`,
    ...(action ? [`<p><a href="${escapeHtml(action.url)}">${escapeHtml(action.words)}</a></p>`] : []),
    `<p>${escapeHtml(wording.after)}</p>`,
    "</body></html>",
  ].join("\n");
  return { subject: wording.subject, text, html };
}
