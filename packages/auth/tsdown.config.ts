import { libraryConfig } from "@connector/build-config";

export default libraryConfig();
