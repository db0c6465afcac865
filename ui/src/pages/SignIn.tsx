import { useState } from "react";
import { setToken } from "../api";

/** Shown without a token: the link printed by `jarvis start` carries it. */
export function SignIn({ onSignedIn, expired }: { onSignedIn: () => void; expired: boolean }) {
  const [value, setValue] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <main className="signin">
      <div className="signin-card">
        <div className="brand large" aria-hidden="true">
          <span className="logo" />
        </div>
        <h1>{expired ? "Your access token is no longer valid" : "Open Jarvis from its link"}</h1>
        <p>
          For your safety this page needs the access token of your Jarvis. Open the link that{" "}
          <code>jarvis start</code> printed in the terminal (it looks like{" "}
          <code>http://127.0.0.1:7777/#token=…</code>), or paste the token from <code>~/.jarvis/token</code>.
        </p>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (setToken(value)) onSignedIn();
            else setProblem("That is not a Jarvis token (64 hexadecimal characters).");
          }}
        >
          <label htmlFor="token-input">Access token</label>
          <div className="row">
            <input
              id="token-input"
              type="password"
              autoComplete="off"
              value={value}
              onChange={(event) => setValue(event.target.value)}
            />
            <button type="submit" className="button primary">
              Continue
            </button>
          </div>
          {problem && (
            <p className="error" role="alert">
              {problem}
            </p>
          )}
        </form>
      </div>
    </main>
  );
}
