import type { ActivationKind } from '@shared/subscriptions/types';
import { useIntl } from 'react-intl';
import type { MessageId } from '../../i18n/messages';
import { Disclosure } from '../ui/Disclosure';
import { DevicesIcon } from '../ui/icons';

// A short setup guide per device, for the kind of details delivered (docs/product.md#order-page):
// an Xtream login goes into a player app, a playlist into any M3U player or VLC, a portal into a
// MAG box, a code into the app the shop names.

type Device = 'smartTv' | 'android' | 'iphone' | 'mag' | 'vlc' | 'app';

const DEVICES: Record<ActivationKind, readonly Device[]> = {
  xtream: ['smartTv', 'android', 'iphone'],
  m3u: ['smartTv', 'android', 'iphone', 'vlc'],
  mag: ['mag'],
  code: ['app'],
};

/** A guide's steps are one message, a step a line: translators keep them together. */
const stepsOf = (text: string) => text.split('\n').filter((step) => step.trim() !== '');

export function SetupGuide({ kind }: { kind: ActivationKind }) {
  const intl = useIntl();
  return (
    <div className="setup-guide" data-testid="setup-guide">
      {DEVICES[kind].map((device) => (
        <Disclosure
          key={device}
          level={4}
          className="setup-device"
          testId={`setup-${device}`}
          summary={
            <>
              <DevicesIcon size={18} />
              {intl.formatMessage({ id: `orderPage.guide.device.${device}` })}
            </>
          }
        >
          <ol className="setup-steps">
            {stepsOf(intl.formatMessage({ id: `orderPage.guide.${kind}.${device}` as MessageId })).map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
        </Disclosure>
      ))}
    </div>
  );
}
