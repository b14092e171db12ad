import ViewModelREPL

// Every view model of App, registered by the generated file; the factories it cannot
// write (an init that takes arguments) are in Factories.swift.
var screens = ScreenRegistry()
GeneratedScreens.register(in: &screens)
await REPLMain.run(screens: screens)
