import { IMAGE_MIME_TYPES, imageProblem, type CatalogueMessageKey } from '@shared/catalogue/constants';
import { useEffect, useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { mediaUrl } from '../../api/products';
import { TvIcon } from '../../components/ui/icons';
import { useAdminText } from '../i18n';
import type { PriceProblem } from './price-durations';
import { useProblemText } from './problem-text';

// The product's image (docs/product.md#validation): the current one or the one chosen, previewed; the JPG, PNG or WebP
// hint; a file over 2 MB (or of another type) is refused at once, before anything is uploaded.

export interface ImageFieldProps {
  id: string;
  /** The image saved with the product, if any. */
  current: string | null;
  /** The image chosen, not uploaded yet. */
  file: File | null;
  /** The server's complaint about the last upload, if any. */
  problem?: PriceProblem | string;
  onChange: (file: File | null) => void;
}

export function ImageField({ id, current, file, problem, onChange }: ImageFieldProps) {
  const t = useAdminText();
  const intl = useIntl();
  const problemText = useProblemText();
  const [refused, setRefused] = useState<CatalogueMessageKey | null>(null);
  const preview = useObjectUrl(file);
  const shown = preview ?? mediaUrl(current);
  const shownProblem = refused ? { key: refused } : problem;
  const describedBy = [`${id}-hint`, shownProblem ? `${id}-error` : ''].filter(Boolean).join(' ');
  const size = (bytes: number) =>
    intl.formatNumber(bytes / 1024 / 1024, { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 });

  return (
    <div className="field admin-image-field">
      <span className="label">{t('admin.products.form.image')}</span>
      <div className="admin-image-preview">
        {shown ? (
          <img src={shown} alt="" data-testid="product-form-image-preview" />
        ) : (
          <div className="img-placeholder admin-image-empty">
            <TvIcon size={32} />
            <span>{t('admin.products.form.noImage')}</span>
          </div>
        )}
      </div>
      <div className="admin-image-actions">
        <input
          id={id}
          type="file"
          accept={IMAGE_MIME_TYPES.join(',')}
          className="visually-hidden admin-file-input"
          aria-describedby={describedBy}
          aria-invalid={Boolean(shownProblem)}
          onChange={(event) => {
            const chosen = event.target.files?.[0];
            // Cleared, so choosing the same file again is a change too.
            event.target.value = '';
            if (!chosen) return;
            const found = imageProblem(chosen);
            setRefused(found);
            if (!found) onChange(chosen);
          }}
          data-testid="product-form-image"
        />
        <label htmlFor={id} className="btn btn-secondary btn-sm admin-file-button">
          {t(file || current ? 'admin.products.form.changeImage' : 'admin.products.form.chooseImage')}
        </label>
        {file && (
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => onChange(null)}>
            {t(current ? 'admin.products.form.dropImage' : 'admin.products.form.dropNewImage')}
          </button>
        )}
      </div>
      <p id={`${id}-hint`} className="field-hint">
        {t('admin.products.form.imageHint')}
        {file && (
          <>
            {' '}
            <span dir="auto">{t('admin.products.form.chosenImage', { file: file.name, size: size(file.size) })}</span>
          </>
        )}
      </p>
      {shownProblem && (
        <p id={`${id}-error`} className="field-error" role="alert" data-testid="product-form-image-error">
          {problemText(shownProblem)}
        </p>
      )}
    </div>
  );
}

/** A blob: address for the chosen file's preview, let go when the file changes or the form closes. */
function useObjectUrl(file: File | null): string | null {
  const url = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => void (url && URL.revokeObjectURL(url)), [url]);
  return url;
}
