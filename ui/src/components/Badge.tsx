import type { ReactNode } from "react";

export function TierBadge({ tier }: { tier?: string | null }) {
  if (!tier) return null;
  return (
    <span className={`badge tier-${tier}`} title={`risk tier: ${tier}`}>
      {tier}
    </span>
  );
}

const DECISION_LABEL: Record<string, string> = {
  allow: "allowed",
  notify: "allowed · noted",
  confirm: "asks first",
  deny: "denied",
};

export function DecisionBadge({ decision, answer }: { decision?: string; answer?: string }) {
  if (!decision) return null;
  if (decision === "confirm" && (answer === "approve" || answer === "approve_session")) {
    return (
      <span className="badge decision-allow">
        {answer === "approve" ? "you approved" : "approved for session"}
      </span>
    );
  }
  if (decision === "confirm" && answer)
    return <span className="badge decision-deny">{answer === "timeout" ? "no answer" : "you denied"}</span>;
  return <span className={`badge decision-${decision}`}>{DECISION_LABEL[decision] ?? decision}</span>;
}

export function StatusBadge({ status }: { status: string }) {
  return <span className={`badge status-${status}`}>{status}</span>;
}

export function Chip({ children }: { children: ReactNode }) {
  return <span className="chip">{children}</span>;
}

export function Spinner({ label = "working" }: { label?: string }) {
  return <span className="spinner" role="status" aria-label={label} />;
}
