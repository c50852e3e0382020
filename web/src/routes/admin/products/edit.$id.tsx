import { createFileRoute } from '@tanstack/react-router';
import { ProductFormPage } from '../../../admin/products/ProductFormPage';

// /admin/products/edit/{id}: the same form as /admin/products/new, filled with the product.
export const Route = createFileRoute('/admin/products/edit/$id')({
  component: EditProduct,
});

function EditProduct() {
  const { id } = Route.useParams();
  // A product per page: going from one edit page to another starts a fresh form.
  return <ProductFormPage key={id} id={id} />;
}
