import { StaleVersionError, handleCommand } from '../../platform/eventstore/command-handler';
import type { CommandMetadata } from '../../platform/eventstore/metadata';
import type { EventStore, Position } from '../../platform/eventstore/port';
import type { ShopLegal } from '../../shared/shop/types';
import { shopLegalDecider } from './decider';
import { SHOP_LEGAL_STREAM } from './events';

// Saves the shop's legal identity on its one stream (docs/product.md#legal-information). The
// version an admin edited (If-Match) is how many times it had been saved: the stream's revision + 1,
// so 0 names the identity never saved. Another version now is a 409 saying who saved it and when.

export async function changeShopLegal(
  store: EventStore,
  legal: ShopLegal,
  metadata: CommandMetadata,
  editedVersion: bigint | undefined,
  now: Date,
): Promise<Position> {
  const expected = editedVersion === undefined ? undefined : editedVersion - 1n;
  try {
    const { position } = await handleCommand(
      store,
      SHOP_LEGAL_STREAM,
      shopLegalDecider,
      () => ({ type: 'ChangeShopLegal', data: { legal, by: metadata.actor, now: now.toISOString() } }) as const,
      { metadata, expected },
    );
    return position;
  } catch (error) {
    // The 409 names the version now current as the screens know it (revision + 1).
    if (error instanceof StaleVersionError)
      throw new StaleVersionError(SHOP_LEGAL_STREAM, expected!, {
        ...error.current,
        revision: error.current.revision + 1n,
      });
    throw error;
  }
}
