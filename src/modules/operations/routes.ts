import { Router } from 'express';
import { coded, type Coded } from '../../shared/errors';
import type { AppContext, ModuleRoutes } from '../../context';
import { conflict, notFound } from '../../platform/http/errors';
import { parseInput } from '../../platform/http/validate';
import { UnknownProjectionError } from '../../platform/projections/operations';
import { RebuildRunningError } from '../../platform/projections/rebuild';
import { rebuildTargetSchema } from '../../shared/operations';

// Projection operations over HTTP (admins only): each read model's status, and rebuilds (one at a
// time, the store serving from the old tables meanwhile; progress goes to admins' sockets).

export function operationsRoutes(ctx: AppContext): ModuleRoutes {
  const router = Router();

  router.get('/projections', async (_req, res) => {
    res.set('Cache-Control', 'no-store').json(await ctx.operations.overview());
  });

  router.post('/projections/:name/rebuild', async (req, res) => {
    const target = parseInput(rebuildTargetSchema, req.params.name);
    const admin = req.admin!;
    try {
      const rebuild = await ctx.operations.startRebuild(target, {
        origin: 'admin',
        admin: { id: admin.id, name: admin.name },
      });
      res.status(202).json({ message: `Rebuilding ${rebuild.projections.join(', ')}`, rebuild });
    } catch (error) {
      if (error instanceof UnknownProjectionError) {
        throw notFound(coded('projections.unknown', { name: error.target, known: error.known.join(', ') }));
      }
      if (error instanceof RebuildRunningError) throw conflict(await runningRebuildMessage(ctx));
      throw error;
    }
  });

  return { admin: router };
}

/** Names what is being rebuilt, by whom and since when. */
async function runningRebuildMessage(ctx: AppContext): Promise<Coded> {
  const running = await ctx.operations.runningRebuild();
  if (!running) return coded('projections.rebuild_running_elsewhere');
  return coded('projections.rebuild_running', {
    projections: running.projections.join(', '),
    startedBy: running.startedBy ? running.startedBy.name : 'the command line',
    startedAt: running.startedAt,
  });
}
