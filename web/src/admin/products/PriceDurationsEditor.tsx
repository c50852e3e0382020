import { PRICE_MAX, PRICE_MIN, type Duration } from '@shared/catalogue/constants';
import { useEffect, useRef } from 'react';
import { PlusIcon, TrashIcon } from '../../components/ui/icons';
import { useFormatPrice } from '../../i18n/I18nProvider';
import { useDurationLabel } from '../../i18n/useDurationLabel';
import { useAdminText } from '../i18n';
import {
  addBlankRow,
  removeRow,
  setActive,
  setDuration,
  setPrice,
  unusedDurations,
  type PriceEditorState,
  type PriceProblem,
} from './price-durations';
import { useProblemText } from './problem-text';

// The price durations of the product form (docs/product.md#validation; the rules in price-durations.ts). A row's
// duration menu offers only durations no other row holds, so one cannot be added twice; rows move
// into the canonical order as their duration is chosen, and focus moves with them.

export interface PriceDurationsEditorProps {
  idPrefix: string;
  state: PriceEditorState;
  onChange: (state: PriceEditorState) => void;
  /** A problem of the list as a whole (no duration, one twice). */
  listProblem?: PriceProblem | string;
  rowProblem: (key: string) => PriceProblem | undefined;
  onRowBlur: (key: string) => void;
}

type Focus = { key: string; on: 'duration' | 'price' } | { on: 'add' };

export function PriceDurationsEditor({
  idPrefix,
  state,
  onChange,
  listProblem,
  rowProblem,
  onRowBlur,
}: PriceDurationsEditorProps) {
  const t = useAdminText();
  const price = useFormatPrice();
  const durationLabel = useDurationLabel();
  const problemText = useProblemText();
  const table = useRef<HTMLTableElement>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  // Where focus goes once the rows are drawn again (a moved row's control may have lost it).
  const pendingFocus = useRef<Focus | null>(null);
  useEffect(() => {
    const focus = pendingFocus.current;
    if (!focus) return;
    pendingFocus.current = null;
    if (focus.on === 'add') return addButton.current?.focus();
    table.current?.querySelector<HTMLElement>(`[data-row="${focus.key}"] [data-control="${focus.on}"]`)?.focus();
  });

  const change = (next: PriceEditorState, focus?: Focus) => {
    pendingFocus.current = focus ?? null;
    onChange(next);
  };
  const add = () => {
    const added = addBlankRow(state);
    if (added.key) change(added.state, { key: added.key, on: 'duration' });
  };
  const canAdd = unusedDurations(state).length > 0;
  const rowName = (duration: Duration | '') => (duration ? durationLabel(duration) : t('admin.products.form.newRow'));
  const listProblemId = `${idPrefix}-error`;

  return (
    <fieldset
      className="admin-form-section admin-prices-editor"
      aria-describedby={listProblem ? listProblemId : undefined}
      data-testid="price-editor"
    >
      <legend className="admin-form-legend">{t('admin.products.form.prices')}</legend>
      <p className="field-hint">{t('admin.products.form.pricesHint')}</p>
      <p className="admin-prices-base" aria-live="polite" data-testid="price-base">
        {state.base.price > 0 && state.base.duration
          ? t('admin.products.form.base', {
              price: price(state.base.price),
              duration: durationLabel(state.base.duration),
            })
          : t('admin.products.form.baseNone')}
      </p>
      {state.rows.length > 0 && (
        <div className="admin-price-scroll">
          <table className="admin-price-rows" ref={table}>
            <thead>
              <tr>
                <th scope="col">{t('admin.products.form.duration')}</th>
                <th scope="col">{t('admin.products.form.price')}</th>
                <th scope="col">{t('admin.products.form.offered')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('admin.list.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {state.rows.map((row, index) => {
                const problem = rowProblem(row.key);
                const errorId = `${idPrefix}-${row.key}-error`;
                const noteId = `${idPrefix}-${row.key}-note`;
                const name = rowName(row.duration);
                return (
                  <tr key={row.key} data-row={row.key} data-duration={row.duration} data-testid="price-row">
                    <td>
                      <select
                        className="select admin-select-sm"
                        data-control="duration"
                        aria-label={t('admin.products.form.rowDuration', { number: index + 1 })}
                        aria-describedby={row.duration ? undefined : noteId}
                        value={row.duration}
                        onChange={(event) =>
                          change(setDuration(state, row.key, event.target.value as Duration), {
                            key: row.key,
                            on: 'duration',
                          })
                        }
                        data-testid="price-row-duration"
                      >
                        {row.duration === '' && <option value="">{t('admin.products.form.chooseDuration')}</option>}
                        {unusedDurations(state, row.key).map((duration) => (
                          <option key={duration} value={duration}>
                            {durationLabel(duration)}
                          </option>
                        ))}
                      </select>
                      {row.duration === '' && (
                        <p id={noteId} className="field-hint admin-price-note">
                          {t('admin.products.form.rowNoDuration')}
                        </p>
                      )}
                    </td>
                    <td>
                      <input
                        className="input admin-price-input"
                        data-control="price"
                        type="number"
                        inputMode="numeric"
                        min={PRICE_MIN}
                        max={PRICE_MAX}
                        step={1}
                        aria-label={t('admin.products.form.rowPrice', { duration: name })}
                        aria-invalid={Boolean(problem)}
                        aria-describedby={problem ? errorId : undefined}
                        value={row.price}
                        onChange={(event) => change(setPrice(state, row.key, event.target.value))}
                        onBlur={() => onRowBlur(row.key)}
                        data-testid="price-row-price"
                      />
                      {problem && (
                        <p id={errorId} className="field-error" data-testid="price-row-error">
                          {problemText(problem)}
                        </p>
                      )}
                    </td>
                    <td>
                      <input
                        type="checkbox"
                        className="admin-checkbox"
                        aria-label={t('admin.products.form.rowOffered', { duration: name })}
                        checked={row.active}
                        onChange={(event) => change(setActive(state, row.key, event.target.checked))}
                        data-testid="price-row-active"
                      />
                    </td>
                    <td>
                      <button
                        type="button"
                        className="icon-btn"
                        aria-label={t('admin.products.form.rowRemove', { duration: name })}
                        title={t('admin.products.form.rowRemove', { duration: name })}
                        onClick={() => change(removeRow(state, row.key), { on: 'add' })}
                        data-testid="price-row-remove"
                      >
                        <TrashIcon size={18} />
                      </button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      <div className="admin-prices-add">
        <button
          ref={addButton}
          type="button"
          className="btn btn-secondary btn-sm"
          onClick={add}
          disabled={!canAdd}
          aria-describedby={canAdd ? undefined : `${idPrefix}-all`}
          data-testid="price-add"
        >
          <PlusIcon size={16} />
          {t('admin.products.form.addDuration')}
        </button>
        {!canAdd && (
          <span id={`${idPrefix}-all`} className="field-hint">
            {t('admin.products.form.allDurations')}
          </span>
        )}
      </div>
      {listProblem && (
        <p
          id={listProblemId}
          className="field-error"
          role="alert"
          tabIndex={-1}
          data-invalid="true"
          data-testid="price-list-error"
        >
          {problemText(listProblem)}
        </p>
      )}
    </fieldset>
  );
}
