/** What the service sends, and how long each message's link is good for. */
export const MAIL_KINDS = {
  "reset-password": { validForMs: 60 * 60 * 1000 },
  "verify-email": { validForMs: 24 * 60 * 60 * 1000 },
  "confirm-email-change": { validForMs: 24 * 60 * 60 * 1000 },
} as const;

export type MailKind = keyof typeof MAIL_KINDS;

/** The values a message is written from; `newEmail` only for an email change. */
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
  action: string;
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
};

/** A kind's fixed subject, which names no one; the kind itself for one this version does not know. */
export function subjectOf(kind: string): string {
  return Object.hasOwn(WORDING, kind) ? WORDING[kind as MailKind].subject : kind;
}

/** The plain-text and HTML parts of one message; subjects are fixed, so no header carries a user's value. */
export function renderMail(kind: MailKind, values: MailValues): RenderedMail {
  const wording = WORDING[kind];
  const greeting = `Hello ${values.name},`;
  const lead = wording.lead(values);
  const text = [greeting, "", lead, "", `${wording.action}: ${values.url}`, "", wording.after, ""].join("\n");
  const html = [
    "<!doctype html>",
    '<html><body style="font-family: sans-serif">',
    `<p>${escapeHtml(greeting)}</p>`,
    `<p>${escapeHtml(lead)}</p>`,
    `<p><a href="${escapeHtml(values.url)}">${escapeHtml(wording.action)}</a></p>`,
    `<p>${escapeHtml(wording.after)}</p>`,
    "</body></html>",
  ].join("\n");
  return { subject: wording.subject, text, html };
}
