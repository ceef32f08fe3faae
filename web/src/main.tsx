/**
 * The web app: the reader's language, server state (TanStack Query), and the pages by URL, the
 * company always in it (`/app/{company_id}/…`) so every page can be bookmarked and shared.
 * Everything but /app/callback needs a signed-in reader (Authenticated).
 */
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { createBrowserRouter, Outlet, RouterProvider } from "react-router";
import { Authenticated } from "./app/Authenticated.js";
import { Callback } from "./app/Callback.js";
import { Home } from "./app/Home.js";
import { NotFound } from "./app/NotFound.js";
import { Shell } from "./app/Shell.js";
import { BankPage } from "./bank/BankPage.js";
import { ContactEditor } from "./contacts/ContactEditor.js";
import { ContactList } from "./contacts/ContactList.js";
import { Dashboard } from "./dashboard/Dashboard.js";
import { ExpenseList } from "./expenses/ExpenseList.js";
import { ExpensePage } from "./expenses/ExpensePage.js";
import { LanguageProvider } from "./i18n/i18n.js";
import { InvoiceList } from "./invoices/InvoiceList.js";
import { InvoicePage } from "./invoices/InvoicePage.js";
import { PaymentList } from "./payments/PaymentList.js";
import { ProductEditor } from "./products/ProductEditor.js";
import { ProductList } from "./products/ProductList.js";
import { QuotationList } from "./quotations/QuotationList.js";
import { QuotationPage } from "./quotations/QuotationPage.js";
import { REPORT_ROUTES } from "./reports/routes.js";
import { SettingsPage } from "./settings/SettingsPage.js";
import { VatReturnPage } from "./vat/VatReturnPage.js";
import "./styles.css";

const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 30_000, retry: (failures, error) => failures < 2 && !isClientError(error) },
  },
});

function isClientError(error: unknown): boolean {
  const status = (error as { status?: unknown }).status;
  return typeof status === "number" && status >= 400 && status < 500;
}

const router = createBrowserRouter(
  [
    { path: "callback", element: <Callback /> },
    {
      element: (
        <Authenticated>
          <Outlet />
        </Authenticated>
      ),
      children: [
        { index: true, element: <Home /> },
        {
          path: ":companyId",
          element: <Shell />,
          children: [
            { index: true, element: <Dashboard /> },
            { path: "invoices", element: <InvoiceList /> },
            { path: "invoices/new", element: <InvoicePage /> },
            { path: "invoices/:invoiceId", element: <InvoicePage /> },
            { path: "quotations", element: <QuotationList /> },
            { path: "quotations/new", element: <QuotationPage /> },
            { path: "quotations/:quotationId", element: <QuotationPage /> },
            { path: "contacts", element: <ContactList /> },
            { path: "contacts/new", element: <ContactEditor /> },
            { path: "contacts/:contactId", element: <ContactEditor /> },
            { path: "products", element: <ProductList /> },
            { path: "products/new", element: <ProductEditor /> },
            { path: "products/:productId", element: <ProductEditor /> },
            { path: "expenses", element: <ExpenseList /> },
            { path: "expenses/new", element: <ExpensePage /> },
            { path: "expenses/:expenseId", element: <ExpensePage /> },
            { path: "payments", element: <PaymentList /> },
            { path: "bank", element: <BankPage /> },
            { path: "settings", element: <SettingsPage /> },
            { path: "vat", element: <VatReturnPage /> },
            { path: "vat/:period", element: <VatReturnPage /> },
            ...REPORT_ROUTES,
            { path: "*", element: <NotFound /> },
          ],
        },
      ],
    },
    { path: "*", element: <NotFound /> },
  ],
  { basename: "/app" },
);

const root = document.getElementById("root");
if (root !== null) {
  createRoot(root).render(
    <StrictMode>
      <LanguageProvider>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </LanguageProvider>
    </StrictMode>,
  );
}
