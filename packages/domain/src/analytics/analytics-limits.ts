/** The most days one analytics query covers (PROGRAMME §4): a year, a leap one too. */
export const MAX_ANALYTICS_DAYS = 366;
