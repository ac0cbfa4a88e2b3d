import { unstableSetRender } from 'antd-mobile';
import { createRoot, type Root } from 'react-dom/client';

type Container = (Element | DocumentFragment) & { _reactRoot?: Root };

let installed = false;

/**
 * antd-mobile 5 renders Toast, Dialog and friends with ReactDOM.render, which React 19 removed.
 * Its documented shim: give it a createRoot-based render. It must run before the first imperative
 * show (showToast loads it with antd-mobile's Toast, so neither is in the first route's JavaScript;
 * components drawn in the tree use portals and do not need it).
 */
export function installAntdReact19Render(): void {
  if (installed) return;
  installed = true;
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
