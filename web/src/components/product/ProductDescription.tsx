import { useId, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { previewText } from '../../lib/catalogue';

/** The description cut at 150 characters, with read more / read less; in `language` (docs/product.md#catalogue-languages). */
export function ProductDescription({ text, language }: { text: string; language?: string }) {
  const [expanded, setExpanded] = useState(false);
  const id = useId();
  const { preview, truncated } = previewText(text);
  if (!text.trim()) return null;
  return (
    <div className="product-description">
      <p id={id} data-testid="product-description" lang={language} dir="auto">
        {expanded || !truncated ? text.trim() : preview}
      </p>
      {truncated && (
        <button
          type="button"
          className="link-button"
          aria-expanded={expanded}
          aria-controls={id}
          onClick={() => setExpanded((e) => !e)}
        >
          <FormattedMessage id={expanded ? 'product.readLess' : 'product.readMore'} />
        </button>
      )}
    </div>
  );
}
