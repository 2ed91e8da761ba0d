declare type FlowResult = {
  errors: Array<any>
}