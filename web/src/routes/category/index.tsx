import { createFileRoute } from '@tanstack/react-router';
import { InvalidCategory } from '../../components/catalogue/InvalidCategory';

// /category without a slug (SPEC §2: 'Invalid category ID').
export const Route = createFileRoute('/category/')({
  component: InvalidCategory,
});
