import { randomUUID } from 'node:crypto';
import { Router } from 'express';
import type { AppContext, ModuleRoutes } from '../../context';
import { handleCommand } from '../../platform/eventstore/command-handler';
import { commandMetadata } from '../../platform/eventstore/metadata';
import { parseInput } from '../../platform/http/validate';
import { describeActor } from '../../projections/admin-users';
import { NOTES_PROJECTION, notesOf } from '../../projections/notes';
import { ORDERS_PROJECTION, findCustomer, findOrder } from '../../projections/orders';
import { noteSchema, type NoteSubjectType } from '../../shared/notes';
import { normalisePhone } from '../../shared/ordering/constants';
import { notesDecider } from './decider';
import { notesStream } from './events';

// The notes module's routes (docs/product.md#notes): an administrator adds an internal note to an
// order or a customer; the order's and the customer's details list them (the ordering module's reads).

export function notesRoutes(ctx: AppContext): ModuleRoutes {
  const router = Router();
  const caughtUp = async (projections: string[]) =>
    ctx.runner.waitFor(await ctx.store.lastCommittedPosition(), { projections });

  /** Adds the note once the subject is known to exist, and answers the subject's notes with it. */
  const addNote = async (subjectType: NoteSubjectType, subjectId: string, text: string, by: string) => {
    await caughtUp([ORDERS_PROJECTION]);
    const subjectExists =
      subjectType === 'order' ? !!(await findOrder(ctx.db, subjectId)) : !!(await findCustomer(ctx.db, subjectId));
    const command = {
      type: 'AddNote',
      data: { noteId: randomUUID(), subjectType, subjectId, subjectExists, text, by, now: ctx.clock().toISOString() },
    } as const;
    const { position } = await handleCommand(
      ctx.store,
      notesStream(subjectType, subjectId),
      notesDecider,
      () => command,
      {
        metadata: commandMetadata(by),
        retries: 4,
      },
    );
    await ctx.runner.waitFor(position, { projections: [NOTES_PROJECTION] });
    return notesOf(ctx.db, subjectType, subjectId, (author) => describeActor(ctx.db, author));
  };

  router.post('/orders/:id/notes', async (req, res) => {
    const { text } = parseInput(noteSchema, req.body ?? {});
    res.status(201).json({ message: 'Note added', notes: await addNote('order', req.params.id, text, req.admin!.id) });
  });

  router.post('/customers/:phone/notes', async (req, res) => {
    const { text } = parseInput(noteSchema, req.body ?? {});
    const phone = normalisePhone(req.params.phone);
    res.status(201).json({ message: 'Note added', notes: await addNote('customer', phone, text, req.admin!.id) });
  });

  return { admin: router };
}
