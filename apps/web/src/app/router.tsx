import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { createAppRoutes } from './routes';

const router = createBrowserRouter(createAppRoutes());

export function AppRouter() {
  return <RouterProvider router={router} />;
}
