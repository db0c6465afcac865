import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { takeTokenFromUrl } from "./api";
import { App } from "./app";
import "./styles.css";

takeTokenFromUrl();
const root = document.getElementById("root");
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
