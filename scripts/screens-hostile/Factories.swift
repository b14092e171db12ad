// The factories the hostile module's generated file needs: its inits that are not plain.
import ViewModelREPL

@testable import Hostile

extension GeneratedScreens {
    static func make(_ type: AsyncInitViewModel.Type, context: ScreenContext) -> AsyncInitViewModel { fatalError() }
    static func make(_ type: ThrowingInitViewModel.Type, context: ScreenContext) -> ThrowingInitViewModel { fatalError() }
    static func make(_ type: FailableInitViewModel.Type, context: ScreenContext) -> FailableInitViewModel { fatalError() }
    static func make(_ type: ValidatingInitViewModel.Type, context: ScreenContext) -> ValidatingInitViewModel { fatalError() }
    static func make(_ type: PartlyDefaultedInitViewModel.Type, context: ScreenContext) -> PartlyDefaultedInitViewModel { fatalError() }
}

extension GeneratedScreens {
    static func make(_ type: FactoryWinsViewModel.Type, context: ScreenContext) -> FactoryWinsViewModel { FactoryWinsViewModel(name: "team") }
}
