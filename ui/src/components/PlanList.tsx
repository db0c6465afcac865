import type { PlanStep } from "../types";
import { Spinner } from "./Badge";

const MARK: Record<PlanStep["status"], string> = { pending: "○", running: "", done: "✓", failed: "✗" };

/** The proposer's visible plan as a checklist whose steps update live. */
export function PlanList({ steps }: { steps: PlanStep[] }) {
  const done = steps.filter((s) => s.status === "done").length;
  return (
    <section className="plan" aria-label={`plan: ${done} of ${steps.length} steps done`}>
      <h4>
        Plan <span className="muted">{`${done}/${steps.length}`}</span>
      </h4>
      <ol>
        {steps.map((step) => (
          <li key={step.id} className={`plan-step plan-${step.status}`}>
            <span className="plan-mark" aria-hidden="true">
              {step.status === "running" ? <Spinner label="in progress" /> : MARK[step.status]}
            </span>
            <span>{step.title}</span>
            <span className="visually-hidden"> ({step.status})</span>
          </li>
        ))}
      </ol>
    </section>
  );
}
