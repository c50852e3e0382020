import { QueryClient } from '@tanstack/react-query';
import type { CategoryText, CategoryView } from '@shared/catalogue/types';
import { createIntl } from 'react-intl';
import arabicErrors from '../../i18n/errors/ar.json';
import { setErrorLanguage } from '../../i18n/error-text';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/http';
import { categoryKeys, productKeys } from '../api/keys';
import { applyAdminEvent } from '../live/events';
import { markLocalChange } from '../live/local-changes';
import { categoryFormData } from '../api/categories';
import { formProblems, imageProblem, languageWithProblem, productsInTheWay, serverProblems } from './category-form';
import { categoryFilters, parseCategoriesSearch } from './category-search';

const category = (id: string): CategoryView => ({
  id,
  name: 'Sports',
  slug: 'sports',
  description: '',
  language: 'fr',
  defaultLanguage: 'fr',
  translations: { fr: { name: 'Sports', description: '' } },
  image_file: null,
  featuredImage: null,
  thumbnailImage: null,
  productsCount: 0,
  version: 0,
  created_at: '2025-01-15T10:00:00.000Z',
  updated_at: '2025-01-15T10:00:00.000Z',
});

describe('the category list in the URL', () => {
  it('keeps the admin page sizes only, 10 by default, and page 1 unless told', () => {
    expect(parseCategoriesSearch({ search: ' news ', page: '3', limit: '20' })).toEqual({
      search: 'news',
      page: 3,
      limit: 20,
    });
    expect(parseCategoriesSearch({ page: '0', limit: '15' })).toEqual({});
    expect(categoryFilters({})).toEqual({ search: '', page: 1, limit: 10 });
    expect(categoryFilters(parseCategoriesSearch({ limit: '5' })).limit).toBe(5);
  });
});

describe('the category form', () => {
  const texts = (fr: CategoryText, others: Partial<Record<'ar' | 'en', CategoryText>> = {}) => ({
    texts: { ar: blank, fr, en: blank, ...others },
  });
  const blank = { name: '', description: '' };
  const named = (language: string) => `(${language})`;

  it("requires the default language's name, a name wherever there is a description, and the server's limits", () => {
    expect(formProblems(texts({ name: '   ', description: '' }), 'fr', named)).toEqual({
      'name.fr': { id: 'admin.categories.form.nameRequired', values: { language: '(fr)' } },
    });
    expect(formProblems(texts({ name: 'x'.repeat(101), description: 'y'.repeat(2001) }), 'fr', named)).toEqual({
      'name.fr': { id: 'admin.categories.form.tooLong', values: { max: 100 } },
      'description.fr': { id: 'admin.categories.form.tooLong', values: { max: 2000 } },
    });
    const arabic = texts({ name: 'Sports', description: '' }, { ar: { name: '', description: 'كل المباريات' } });
    expect(formProblems(arabic, 'fr', named)).toEqual({
      'name.ar': { id: 'admin.categories.form.nameFor', values: { language: '(ar)' } },
    });
    expect(languageWithProblem(formProblems(arabic, 'fr', named), 'fr')).toBe('ar');
    expect(formProblems(texts({ name: 'Sports', description: '' }), 'fr', named)).toEqual({});
  });

  it('sends every language as JSON, a blank one as null', () => {
    const form = {
      ...texts({ name: ' Sport ', description: '' }, { en: { name: 'Sports', description: 'Live' } }),
      image: null,
    };
    expect(JSON.parse(categoryFormData(form).get('translations') as string)).toEqual({
      ar: null,
      fr: { name: 'Sport', description: '' },
      en: { name: 'Sports', description: 'Live' },
    });
  });

  it('refuses an image over 2 MB or of another type before any upload', () => {
    const twoMb = 2 * 1024 * 1024;
    expect(imageProblem({ size: twoMb, type: 'image/png' })).toBeNull();
    expect(imageProblem({ size: twoMb + 1, type: 'image/jpeg' })).toEqual({
      id: 'admin.categories.form.imageTooLarge',
    });
    expect(imageProblem({ size: 10, type: 'image/gif' })).toEqual({ id: 'admin.categories.form.imageType' });
  });

  it("puts the server's refusals next to their fields, by their codes in the admin's language", () => {
    setErrorLanguage(createIntl({ locale: 'ar', messages: arabicErrors as Record<string, string> }));
    const invalid = new ApiError(
      'Category name is required',
      400,
      {},
      { code: 'catalogue.category_name_required' },
      {
        'translations.ar.name': { code: 'catalogue.category_name_required' },
        'translations.en.description': { code: 'text.control', params: { field: 'Description' } },
      },
    );
    expect(serverProblems(invalid)).toEqual({
      'name.ar': { text: arabicErrors['error.catalogue.category_name_required'] },
      'description.en': { text: arabicErrors['error.text.control'] },
    });
    // The shop's default language changed while the form was open: its name is now required.
    const required = new ApiError(
      'x',
      400,
      {},
      { code: 'catalogue.default_language_required', params: { language: 'ar' } },
    );
    expect(serverProblems(required)['name.ar']).toEqual({ text: expect.stringContaining('العربية') });
    const tooLarge = new ApiError('Image size exceeds 2MB limit.', 413, {}, { code: 'catalogue.image_too_large' });
    expect(serverProblems(tooLarge)).toEqual({ image: { text: arabicErrors['error.catalogue.image_too_large'] } });
    const notAnImage = new ApiError('x', 400, {}, { code: 'catalogue.image_type', params: { allowed: 'JPG' } });
    expect(serverProblems(notAnImage).image).toEqual({ text: expect.stringContaining('JPG') });
    expect(serverProblems(new Error('offline'))).toEqual({});
  });

  it('reads how many products stand in the way of a delete', () => {
    expect(productsInTheWay(new ApiError('still holds 2 products', 409, { productsCount: 2 }))).toBe(2);
    expect(productsInTheWay(new ApiError('changed by Karim', 409, { changedBy: 'Karim' }))).toBeNull();
  });
});

describe('live category events', () => {
  const cache = () => {
    const client = new QueryClient();
    const list = categoryKeys.list({ search: '', page: 1, limit: 10 });
    client.setQueryData(list, { data: [], pagination: {} });
    client.setQueryData(productKeys.list({}), { products: [] });
    return { client, stale: (key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated };
  };

  it("refetch the list after another admin's change and name them", () => {
    const { client, stale } = cache();
    const notice = applyAdminEvent(client, 'category_updated', { category: category('c1'), actor: 'karim' }, 'me');
    expect(stale(categoryKeys.list({ search: '', page: 1, limit: 10 }))).toBe(true);
    expect(notice).toEqual({
      id: 'admin.notify.categoryUpdated',
      values: { name: 'Sports' },
      actor: 'karim',
      kind: 'productUpdates',
    });
  });

  it('leave the list alone for 5 s after this admin changed that category', () => {
    const { client, stale } = cache();
    markLocalChange('categories', 'c2');
    expect(applyAdminEvent(client, 'category_updated', { category: category('c2'), actor: 'me' }, 'me')).toBeNull();
    expect(stale(categoryKeys.list({ search: '', page: 1, limit: 10 }))).toBe(false);
    // Products show the category's name: they follow all the same.
    expect(stale(productKeys.list({}))).toBe(true);
  });
});
