import { z } from 'zod';
import { coded } from '../errors/coded';
import { text } from '../text/schemas';
import { NOTE_MAX } from './constants';

/** POST /api/admin/orders/{id}/notes and /api/admin/customers/{phone}/notes. */
export const noteSchema = z.object({
  text: text({ field: 'Note', max: NOTE_MAX, multiline: true, required: coded('text.required', { field: 'Note' }) }),
});
