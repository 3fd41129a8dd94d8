import { useMemo } from 'react';
import { ActionError } from '../../components/action-error';
import { store, useSidestage } from '../../store';
import { ingestRows, selectFollowsRecommendation, selectHasMeasured } from '../../store/selectors';
import './ingest.css';

/**
 * Ranked servers as a real table, one radio per row named by the server's name. Platforms list a
 * few dozen servers, few enough that every row stays in the DOM (findable, printable, no scroll math).
 */
export function ServerTable() {
  const overview = useSidestage((state) => state.ingest);
  const pendingSelectId = useSidestage((state) => state.pendingSelectId);
  const rows = useMemo(() => ingestRows(overview, pendingSelectId), [overview, pendingSelectId]);
  const followsRecommendation = useSidestage(selectFollowsRecommendation);
  const measured = useSidestage(selectHasMeasured);
  const { selectServer } = store.getState();

  if (rows.length === 0) return <p className="muted">No ingest servers are known.</p>;

  return (
    <>
      <div className="table-scroll">
        <table className="server-table ingest-servers">
          <caption>Ingest servers, fastest first</caption>
          <thead>
            <tr>
              <th scope="col">Server</th>
              {/* Right after the server it ranks: in view at every width, never scrolled away. */}
              <th scope="col" className="ranked-by">
                Latency
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id} className={row.checked ? 'is-selected' : undefined}>
                <td>
                  <label className="radio-label">
                    <input
                      type="radio"
                      name="ingest-server"
                      value={row.id}
                      checked={row.checked}
                      onChange={() => void selectServer(row.id)}
                    />
                    {row.name}
                  </label>
                  <span className="server-host mono">{row.host}</span>
                  {row.recommended || row.selected ? (
                    <span className="badges">
                      {row.recommended ? <span className="badge badge-recommended">Recommended</span> : null}
                      {row.selected ? <span className="badge badge-selected">Selected</span> : null}
                    </span>
                  ) : null}
                </td>
                <td className={`ranked-by latency latency-${row.status}`}>{row.latency}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {!measured ? (
        <p className="small" data-testid="ingest-next-step">
          Not measured yet: press <strong>Measure latency</strong> to find the fastest server for you.
          {followsRecommendation ? ' Until then Sidestage uses the platform’s first listed server.' : ''}
        </p>
      ) : followsRecommendation ? (
        <p className="muted small">No server chosen: Sidestage uses the fastest measured one until you choose.</p>
      ) : null}
      <ActionError action="ingest.select" what="Could not select the server" />
    </>
  );
}
