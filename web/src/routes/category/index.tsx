import { createFileRoute } from '@tanstack/react-router';
import { InvalidCategory } from '../../components/catalogue/InvalidCategory';

// /category without a slug ('Invalid category ID', docs/product.md#category).
export const Route = createFileRoute('/category/')({
  component: InvalidCategory,
});
