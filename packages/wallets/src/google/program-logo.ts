/** Where the service serves the default logo Google shows on a loyalty class whose template has none of its own. */
export const GOOGLE_PROGRAM_LOGO_PATH = '/wallet/google/program-logo.png';
