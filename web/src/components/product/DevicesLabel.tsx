import { FormattedMessage } from 'react-intl';
import { UNLIMITED_DEVICES } from '@shared/catalogue/constants';
import { DevicesIcon } from '../ui/icons';

/** How many devices a package allows; 5 reads as unlimited. */
export function DevicesLabel({ devices }: { devices: number }) {
  return (
    <>
      <DevicesIcon size={16} />
      {devices >= UNLIMITED_DEVICES ? (
        <FormattedMessage id="product.devicesUnlimited" />
      ) : (
        <FormattedMessage id="product.devices" values={{ count: devices }} />
      )}
    </>
  );
}
