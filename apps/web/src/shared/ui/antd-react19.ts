import { unstableSetRender } from 'antd-mobile';
import { createRoot, type Root } from 'react-dom/client';

type Container = (Element | DocumentFragment) & { _reactRoot?: Root };

/**
 * antd-mobile 5 renders Toast, Dialog and friends with ReactDOM.render, which React 19 removed.
 * Its documented shim: give it a createRoot-based render. Must run before anything renders.
 */
export function installAntdReact19Render(): void {
  unstableSetRender((node, container: Container) => {
    container._reactRoot ||= createRoot(container);
    const root = container._reactRoot;
    root.render(node);
    return async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
      root.unmount();
      delete container._reactRoot;
    };
  });
}
