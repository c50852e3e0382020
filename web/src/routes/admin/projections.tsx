import { createFileRoute } from '@tanstack/react-router';
import { ProjectionsPage } from '../../admin/projections/ProjectionsPage';

// /admin/projections: the read models' status and their rebuilds (issue 16). The screen is in the
// admin's chunk and loads its status itself (its loading and error states are the page's own).
export const Route = createFileRoute('/admin/projections')({
  component: ProjectionsPage,
});
