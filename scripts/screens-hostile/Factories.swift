// The factories the hostile module's generated file needs: its inits that are not plain.
import ViewModelREPL

@testable import Hostile

extension GeneratedScreens {
    static func make(_ type: AsyncInitViewModel.Type, context: ViewModelREPL.ScreenContext) -> AsyncInitViewModel { fatalError() }
    static func make(_ type: ThrowingInitViewModel.Type, context: ViewModelREPL.ScreenContext) -> ThrowingInitViewModel { fatalError() }
    static func make(_ type: FailableInitViewModel.Type, context: ViewModelREPL.ScreenContext) -> FailableInitViewModel { fatalError() }
    static func make(_ type: ValidatingInitViewModel.Type, context: ViewModelREPL.ScreenContext) -> ValidatingInitViewModel { fatalError() }
    static func make(_ type: PartlyDefaultedInitViewModel.Type, context: ViewModelREPL.ScreenContext) -> PartlyDefaultedInitViewModel { fatalError() }
}

extension GeneratedScreens {
    static func make(_ type: FactoryWinsViewModel.Type, context: ViewModelREPL.ScreenContext) -> FactoryWinsViewModel { FactoryWinsViewModel(name: "team") }
}
