/**
 * Scan at the counter: read a pass's QR code with the camera (or type the code), verify it
 * (`POST …/scans`, mode verify: nothing changes unless the template stamps on scan), then act on it.
 */
import { useState } from 'react';
import type { ScanResponse } from '@passes/contracts';
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
  const [scanned, setScanned] = useState<{ code: string; result: ScanResponse; at: number } | null>(null);

  const verify = async (code: string) => {
    // A new scan of the same code is a new scan: the intent carries the moment.
    const at = Date.now();
    const result = await submission.run(`verify ${code} ${at}`, (key) => api.passes.scan(code, 'verify', key));
    if (result) setScanned({ code, result, at });
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
          onResult={(result) => setScanned({ ...scanned, result })}
          onNext={() => setScanned(null)}
        />
      ) : (
        <div className="scan-layout">
          <CameraScanner onCode={(code) => void verify(code)} />
          <ManualCodeForm onCode={(code) => void verify(code)} />
        </div>
      )}
    </>
  );
}
