/**
 * Scan at the counter: read a pass's QR code with the camera (or type the code), verify it
 * (`POST …/scans`, mode verify: nothing changes unless the template stamps on scan), then act on it.
 * A typed serial number that the scan refuses only for its missing signature is looked up instead:
 * staff are signed in and may act on any pass of theirs (docs/decisions.md, "Barcodes and scans").
 */
import { useState } from 'react';
import type { PassResponse, ScanResponse } from '@passes/contracts';
import { useSubmission } from '../../hooks/use-submission';
import { useApi } from '../../session/SessionProvider';
import { PageHeader } from '../../ui/PageHeader';
import { ProblemNotice } from '../../ui/ProblemNotice';
import { CameraScanner } from './CameraScanner';
import { ManualCodeForm } from './ManualCodeForm';
import { ScanResultCard } from './ScanResultCard';

export function ScanPage() {
  const api = useApi();
  const submission = useSubmission();
  const [scanned, setScanned] = useState<{ code: string; result: ScanResponse; lookedUp: PassResponse | null; at: number } | null>(null);

  const verify = async (code: string, typed: boolean) => {
    // A new scan of the same code is a new scan: the intent carries the moment.
    const at = Date.now();
    const answer = await submission.run(`verify ${code} ${at}`, async (key) => {
      const result = await api.passes.scan(code, 'verify', key);
      const lookedUp = typed && result.reason === 'missing_signature' && result.pass ? await api.passes.get(result.pass.id) : null;
      return { result, lookedUp };
    });
    if (answer) setScanned({ code, ...answer, at });
  };

  return (
    <>
      <PageHeader title="Scan a pass" />
      {submission.pending && (
        <p className="loading" role="status">
          Checking the code…
        </p>
      )}
      <ProblemNotice problem={submission.problem} />
      {scanned ? (
        <ScanResultCard
          key={scanned.at}
          code={scanned.code}
          result={scanned.result}
          lookedUp={scanned.lookedUp}
          onResult={(result) => setScanned({ ...scanned, result })}
          onNext={() => setScanned(null)}
        />
      ) : (
        <div className="scan-layout">
          <CameraScanner onCode={(code) => void verify(code, false)} />
          <ManualCodeForm onCode={(code) => void verify(code, true)} />
        </div>
      )}
    </>
  );
}
