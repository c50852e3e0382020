import { createFileRoute } from '@tanstack/react-router';
import { ProductFormPage } from '../../../admin/products/ProductFormPage';

// /admin/products/new: the product form on a page of its own, for a new product.
export const Route = createFileRoute('/admin/products/new')({
  component: NewProduct,
});

function NewProduct() {
  return <ProductFormPage id={null} />;
}
