import { QueryClientProvider } from "@tanstack/react-query";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider, createBrowserRouter } from "react-router";
import { appRoutes } from "./app-routes";
import { createQueryClient } from "./lib/query-client";
import { useAuth } from "./stores/auth";
import "./index.css";

// Ask who is signed in once, before the first render; every screen reads the answer from the store.
void useAuth.getState().fetchUser();

const queryClient = createQueryClient();
const router = createBrowserRouter(appRoutes);
const rootElement = document.getElementById("root");
if (!rootElement) throw new Error("index.html has no #root element to mount the app in.");

createRoot(rootElement).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
