import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { takeTokenFromUrl } from "./api";
import { App } from "./app";
import "./styles/base.css";
import "./styles/controls.css";
import "./styles/chat.css";
import "./styles/cards.css";
import "./styles/pages.css";

takeTokenFromUrl();
const root = document.getElementById("root");
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
