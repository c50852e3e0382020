import { catalogueMessages, type CategoryChanges, type CategoryFields } from '../../shared/catalogue';
import { RuleError } from '../../platform/rule-error';
import type { CategoryEvent, ImageRef } from './events';

// Pure rules of one category: decide(command, state) → events; evolve(state, event) → state.
// The slug is claimed (async, on its own stream) by commands.ts and passed in; so is the number
// of products the category holds, read from the catalogue read model.

export interface CategoryState {
  exists: boolean;
  deleted: boolean;
  name: string;
  slug: string;
  description: string;
  image: ImageRef | null;
}

export const initialCategoryState: CategoryState = { exists: false, deleted: false, name: '', slug: '', description: '', image: null };

export type CategoryCommand =
  | { type: 'CreateCategory'; data: { categoryId: string; fields: CategoryFields; slug: string; image: ImageRef | null; now: string } }
  | { type: 'UpdateCategory'; data: { categoryId: string; changes: CategoryChanges; slug: string; image?: ImageRef; now: string } }
  | { type: 'DeleteCategory'; data: { categoryId: string; productsCount: number; now: string } };

export class CatalogueRuleError extends RuleError {}

export function decideCategory(command: CategoryCommand, state: CategoryState): CategoryEvent[] {
  switch (command.type) {
    case 'CreateCategory': {
      if (state.exists) throw new CatalogueRuleError(409, 'This category already exists');
      const { categoryId, fields, slug, image, now } = command.data;
      return [{ type: 'CategoryCreated', data: { categoryId, name: fields.name, slug, description: fields.description, image, at: now } }];
    }
    case 'UpdateCategory': {
      requireLiving(state);
      const { categoryId, changes, slug, image, now } = command.data;
      const next = { name: changes.name ?? state.name, description: changes.description ?? state.description, slug };
      const events: CategoryEvent[] = [];
      if (next.name !== state.name || next.description !== state.description || next.slug !== state.slug) {
        events.push({ type: 'CategoryUpdated', data: { categoryId, ...next, at: now } });
      }
      if (image) events.push({ type: 'CategoryImageChanged', data: { categoryId, image, at: now } });
      return events;
    }
    case 'DeleteCategory': {
      requireLiving(state);
      const { categoryId, productsCount, now } = command.data;
      if (productsCount > 0) throw new CatalogueRuleError(409, catalogueMessages.categoryHasProducts(productsCount), { productsCount });
      return [{ type: 'CategoryDeleted', data: { categoryId, name: state.name, at: now } }];
    }
    default:
      return exhaustive(command);
  }
}

export function evolveCategory(state: CategoryState, event: CategoryEvent): CategoryState {
  switch (event.type) {
    case 'CategoryCreated': {
      const { name, slug, description, image } = event.data;
      return { exists: true, deleted: false, name, slug, description, image };
    }
    case 'CategoryUpdated': {
      const { name, slug, description } = event.data;
      return { ...state, name, slug, description };
    }
    case 'CategoryImageChanged':
      return { ...state, image: event.data.image };
    case 'CategoryDeleted':
      return { ...state, deleted: true };
    default:
      return exhaustive(event);
  }
}

function requireLiving(state: CategoryState): void {
  if (!state.exists || state.deleted) throw new CatalogueRuleError(404, catalogueMessages.categoryNotFound);
}

export function exhaustive(value: never): never {
  throw new Error(`Unhandled: ${JSON.stringify(value)}`);
}
