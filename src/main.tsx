import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider, createBrowserRouter } from "react-router";
import { appRoutes } from "./app-routes";
import { useAuth } from "./stores/auth";
import "./index.css";

// Ask who is signed in once, before the first render; every screen reads the answer from the store.
void useAuth.getState().fetchUser();

const router = createBrowserRouter(appRoutes);
const rootElement = document.getElementById("root");
if (!rootElement) throw new Error("index.html has no #root element to mount the app in.");

createRoot(rootElement).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
