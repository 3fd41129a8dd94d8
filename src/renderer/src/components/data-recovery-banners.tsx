import { useSidestage } from '../store';
import { describeRecoveryNotice } from '../store/data-recovery-slice';
import { Banner } from './banner';

/** One standing banner per damaged file Sidestage set aside: which file, what it did, what was lost. */
export function DataRecoveryBanners() {
  const notices = useSidestage((state) => state.recoveryNotices);
  const dismiss = useSidestage((state) => state.dismissRecoveryNotice);
  if (notices.length === 0) return null;
  return (
    <div className="data-recovery-banners">
      {notices.map((notice) => {
        const { title, lines } = describeRecoveryNotice(notice);
        return (
          <Banner key={notice.id} tone="warning" title={title}>
            {lines.map((line) => (
              <p key={line}>{line}</p>
            ))}
            <div className="button-row">
              {/* The store's actions never reject: a failed dismiss shows again on the next read. */}
              <button type="button" className="quiet" aria-label={`Dismiss the notice about ${notice.file}`} onClick={() => void dismiss(notice.id)}>
                Dismiss
              </button>
            </div>
          </Banner>
        );
      })}
    </div>
  );
}
