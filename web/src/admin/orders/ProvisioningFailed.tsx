/**
 * A provisioning job's last failure as the order detail shows it (docs/product.md#automatic-delivery):
 * what failed and why, what the admin may do instead, and Retry (its test id `{testId}-retry`).
 */
export function ProvisioningFailed({
  testId,
  lines,
  retry,
}: {
  testId: string;
  lines: string[];
  retry: { label: string; busy: boolean; onClick: () => void };
}) {
  return (
    <div className="admin-automatic-delivery" data-state="failed" data-testid={testId}>
      {lines.map((line) => (
        <p key={line}>{line}</p>
      ))}
      <div className="admin-update-status-row">
        <button
          type="button"
          className="btn btn-secondary"
          disabled={retry.busy}
          onClick={retry.onClick}
          data-testid={`${testId}-retry`}
        >
          {retry.label}
        </button>
      </div>
    </div>
  );
}
