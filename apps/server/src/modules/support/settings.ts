/** What an operator configures about support (config/support.ts reads them; docs/operations.md). */
export type SupportSettings = {
  /** The response time support promises, and the player is shown (the SLA of an open ticket). */
  responseHours: number;
  /** How long a resolved ticket can be reopened (7 days, docs/support.md). */
  reopenDays: number;
  /**
   * The alternative dispute resolution body a complaint's final response names (licensed
   * operators must): the operator's own text, e.g. the body's name and address.
   */
  adrText: string;
  /** The largest attachment, in bytes: the KYC document limit (same store, same checks). */
  maxAttachmentBytes: number;
};

export const DEFAULT_SUPPORT_SETTINGS: Omit<SupportSettings, 'maxAttachmentBytes'> = {
  responseHours: 24,
  reopenDays: 7,
  adrText: 'If you are not satisfied with this final response, you may refer your complaint, free of charge, to our independent alternative dispute resolution body. Configure its name and contact details with SUPPORT_ADR_TEXT.',
};
