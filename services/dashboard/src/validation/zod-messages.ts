/**
 * zod/mini carries no messages of its own ("Invalid input"); the API's zod does (English). Loading the
 * same English messages makes a rule without a message of its own word its refusal as the API does.
 */
import * as z from 'zod/mini';
import { en } from 'zod/locales';

z.config(en());
